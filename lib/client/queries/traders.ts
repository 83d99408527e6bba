import { type ChainId, isTradersEnvelope, type TradersEnvelope } from "@/lib/api/core";
import { fetchTokenReport, tokenReportOptions } from "./token-report";

// A token's top traders: the app's own /api/token/traders (computed on the server, shared by every viewer).

export const TRADERS_PATH = "/api/token/traders";
/** The server recomputes a token's report at most this often; asking sooner returns the same report. */
export const TRADERS_REFRESH_MS = 30_000;

export const fetchTraders = (
  ref: { chain: ChainId; address: string },
  signal?: AbortSignal,
): Promise<TradersEnvelope> => fetchTokenReport(TRADERS_PATH, ref, isTradersEnvelope, "traders report", signal);

export const tradersOptions = (ref: { chain: ChainId; address: string }) =>
  tokenReportOptions("traders", ref, fetchTraders, TRADERS_REFRESH_MS);
