import { ApiError } from "@/lib/api/errors";

// A POST body: JSON only, size-capped while streaming (a lying or absent Content-Length cannot get past the cap).

export const MAX_BODY_BYTES = 256 * 1024;

const tooLarge = (max: number) => new ApiError("payload_too_large", `request body is larger than ${max} bytes`);

/** Reads and parses a JSON body from any byte stream (a web Request's body or a Node IncomingMessage). */
export async function readJson(
  contentType: string | null,
  contentLength: string | null,
  source: AsyncIterable<Uint8Array> | null,
  maxBytes = MAX_BODY_BYTES,
): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ""))
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  if (Number(contentLength ?? Number.NaN) > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (source) {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw new ApiError("invalid_json", "request body is empty; send a JSON object");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "request body is not valid JSON");
  }
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops reading an over-large body instead of draining it.
    await reader.cancel().catch(() => {});
  }
}

export function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  return readJson(
    request.headers.get("content-type"),
    request.headers.get("content-length"),
    request.body ? chunksOf(request.body) : null,
    maxBytes,
  );
}
