/** Keys of one deployment share this prefix (so one Redis can hold other data next to it). */
export const KEY_PREFIX = "tradescope:";
