// Shared by the market's index tests.

/** Token metadata with nothing set (a launch with no socials, icon or hostile payload). */
export const NO_META = {
  description: null,
  iconUrl: null,
  websiteUrl: null,
  twitterUrl: null,
  telegramUrl: null,
  discordUrl: null,
  hostile: null,
};
