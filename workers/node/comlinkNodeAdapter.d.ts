// comlink ships this module's types as node-adapter.d.ts, which TypeScript does not match to the
// `.mjs` path Node needs; this declares the same signature.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  interface NodeEndpoint {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as comlink declares it
    postMessage(message: any, transfer?: any[]): void;
    on(type: string, listener: (...args: any[]) => void, options?: object): void;
    off(type: string, listener: (...args: any[]) => void, options?: object): void;
    start?: () => void;
  }
  export default function nodeEndpoint(nep: NodeEndpoint): Endpoint;
}
