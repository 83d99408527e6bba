import { assertMetricsAccess } from "./metrics-access";
import { errorResponse } from "../proxy/respond";
import { getProxyState, type ProxyState } from "../proxy/state";

// The GET handler of an operator endpoint (/api/metrics, /api/usage): the caller must pass `assertMetricsAccess`,
// then `body` answers from the proxy state; a refusal or a failure is answered with the API's error envelope.
export function operatorGet(body: (state: ProxyState) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    try {
      const state = getProxyState();
      assertMetricsAccess(req.headers, state.settings);
      return await body(state);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
