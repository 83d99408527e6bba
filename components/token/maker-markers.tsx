"use client";

import { useEffect, useMemo, useRef } from "react";
import { makerMarkers, type TradeMarker } from "@/components/chart/markers";
import type { ChainId, OhlcvInterval } from "@/lib/api/core";
import { useLiveTrades } from "@/lib/client/stream/hooks";

/**
 * `?maker=`: the wallet's trades (the same query and live subscription as the filtered tape, shared) turned into
 * chart markers. Renders nothing.
 */
export function MakerMarkers(props: {
  chain: ChainId;
  address: string;
  pools: string[];
  maker: string;
  interval: OhlcvInterval;
  onMarkers(m: TradeMarker[]): void;
}) {
  const { chain, address, pools, maker, interval, onMarkers } = props;
  const filters = useMemo(() => ({ maker }), [maker]);
  const { rows } = useLiveTrades({ chain, address, pools, filters });
  const markers = useMemo(() => makerMarkers(rows, interval), [rows, interval]);
  // Other makers' trades change `rows` too: pass markers on only when they differ.
  const sent = useRef("");
  useEffect(() => {
    const sig = markers.map((m) => `${m.id}${m.text}`).join("|");
    if (sig === sent.current) return;
    sent.current = sig;
    onMarkers(markers);
  }, [markers, onMarkers]);
  useEffect(() => () => onMarkers([]), [onMarkers]);
  return null;
}
