import { type ChartOptions, ColorType, CrosshairMode, type DeepPartial, LineStyle } from "lightweight-charts";
import { DOWN, UP } from "./bars";

// Colours follow the theme tokens in app/globals.css (canvas cannot read CSS variables cheaply on every draw).
const MUTED = "#8791a1";
const GRID = "rgba(34, 41, 52, 0.6)";
const BORDER = "#222934";

export const CHART_OPTIONS: DeepPartial<ChartOptions> = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: "transparent" },
    textColor: MUTED,
    fontSize: 11,
    fontFamily: 'ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, monospace',
    attributionLogo: false,
  },
  grid: { vertLines: { color: GRID }, horzLines: { color: GRID } },
  crosshair: {
    mode: CrosshairMode.Normal,
    vertLine: { color: MUTED, style: LineStyle.Dashed, width: 1, labelBackgroundColor: "#171c24" },
    horzLine: { color: MUTED, style: LineStyle.Dashed, width: 1, labelBackgroundColor: "#171c24" },
  },
  rightPriceScale: { borderColor: BORDER, scaleMargins: { top: 0.08, bottom: 0.24 } },
  timeScale: {
    borderColor: BORDER,
    timeVisible: true,
    secondsVisible: false,
    rightOffset: 8,
    barSpacing: 7,
    minBarSpacing: 0.5,
  },
  handleScale: { axisPressedMouseMove: true },
};

export const CANDLE_OPTIONS = {
  upColor: UP,
  downColor: DOWN,
  borderVisible: false,
  wickUpColor: UP,
  wickDownColor: DOWN,
  priceLineVisible: true,
  lastValueVisible: true,
} as const;
