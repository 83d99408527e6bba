import type { EndpointDef, EndpointInput } from "@/lib/api/endpoints";
import { validateRequest } from "@/lib/api/validate";

// Step 2 of a proxied request: the body (POST only, read by read-body.ts) and the query checked against the
// registry before anything is spent. Throws the ApiError of the first problem (400/413/415, zero credits).

export async function validateProxyRequest(
  def: EndpointDef,
  params: URLSearchParams,
  readBody: () => Promise<unknown>,
): Promise<EndpointInput> {
  const body = def.method === "POST" ? await readBody() : undefined;
  const v = validateRequest(def, params, body);
  if (!v.ok) throw v.error;
  return v.input;
}
