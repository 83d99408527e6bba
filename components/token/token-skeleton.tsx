import { Skeleton } from "@/components/ui/skeleton";

/** The page's shape while the server gathers the first data. */
export function TokenSkeleton() {
  return (
    <div className="flex flex-col gap-2" role="status" aria-label="Loading token">
      <Skeleton className="h-16 w-full" />
      <div className="grid gap-2 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[minmax(22rem,55vh)_30rem]">
        <Skeleton className="h-[50vh] lg:h-auto" />
        <Skeleton className="hidden lg:row-span-2 lg:block lg:h-auto" />
        <Skeleton className="h-60 lg:h-auto" />
      </div>
    </div>
  );
}
