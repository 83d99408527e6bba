import { BoardPage } from "./pulse/board-page";

type Search = Promise<Record<string, string | string[] | undefined>>;

// The home of the product is the live board: `/` renders it (same URL state as /pulse), no redirect hop.
export default async function HomePage({ searchParams }: { searchParams: Search }) {
  return <BoardPage searchParams={await searchParams} />;
}
