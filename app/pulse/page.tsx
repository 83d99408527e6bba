import type { Metadata } from "next";
import { pageMetadata } from "@/app/page-metadata";
import { BoardPage } from "./board-page";

export const metadata: Metadata = pageMetadata(
  "Pulse",
  "New launches, tokens close to graduating and fresh migrations across Solana and EVM chains, live.",
);

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function PulsePage({ searchParams }: { searchParams: Search }) {
  return <BoardPage searchParams={await searchParams} />;
}
