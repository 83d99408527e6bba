// The slice of autocannon's API the proxy benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    requests?: Array<{
      setupRequest?: (req: { path?: string; headers?: Record<string, string> }) => {
        path?: string;
        headers?: Record<string, string>;
      };
    }>;
  }
  interface Result {
    requests: { total: number; average: number };
    duration: number;
    non2xx: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
