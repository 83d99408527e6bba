import { ApiError } from "@/lib/api/errors";

// A POST body: JSON only, size-capped while streaming (a lying or absent Content-Length cannot get past the cap).

export const MAX_BODY_BYTES = 256 * 1024;

export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw new ApiError("payload_too_large", `request body is larger than ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ApiError("payload_too_large", `request body is larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
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
