/** Types for serve.mjs (the server is plain Node so the demo runs without a build step). */
export declare const PLUGIN_PATH: string;
export declare function startServer(options?: {
  port?: number;
  host?: string;
  dist?: string;
  cacheHarness?: boolean;
  rasterImages?: boolean;
  demo?: string;
}): Promise<{ url: string; close: () => Promise<void> }>;
export declare const BUNDLE_TAGS: readonly string[];
