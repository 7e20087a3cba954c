// autocannon 9 ships no types; this covers the part of its API the bench uses.
declare module "autocannon" {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void;
    catch(onRejected: (reason: unknown) => void): Promise<Result | void>;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
