// GET|POST /api/v1/* – proxies the market-data API: validated, cached, coalesced and metered; the key stays here.
import { proxyWebRequest } from "@/lib/server/proxy/web-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return proxyWebRequest(request, (await params).path);
}

export async function POST(request: Request, { params }: Context) {
  return proxyWebRequest(request, (await params).path);
}

// Other methods get the same JSON 405 (with Allow) or 404 as a wrong path would.
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
