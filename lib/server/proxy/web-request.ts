import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "./respond";
import { proxyRequest } from "./serve-request";
import { getProxyState, type ProxyState } from "./state";
import { readJsonBody } from "./read-body";

// The /api/v1/* route handler's body: a web Request in, a web Response out, the work done by proxyRequest.

export async function proxyWebRequest(request: Request, segments: unknown, given?: ProxyState): Promise<Response> {
  let state: ProxyState;
  try {
    state = given ?? getProxyState();
  } catch (error) {
    // A malformed PROXY_* / MARKET_* setting: say which in the log, answer a plain 500.
    console.error(`proxy configuration error: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(new ApiError("internal_error", "the server's market-data proxy is misconfigured"));
  }
  const reply = await proxyRequest(
    {
      method: request.method,
      url: request.url,
      headers: request.headers,
      segments,
      readBody: () => readJsonBody(request),
    },
    state,
  );
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
