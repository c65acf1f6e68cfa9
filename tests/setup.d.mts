/** Types of tests/setup.mjs, the test command's set-up step. */
export declare const SYSTEM_NEEDS: { command: string; debianPackage: string; why: string }[];
export declare function findOnPath(command: string, pathList: string | undefined): string | null;
export declare function planSetup(facts: { missing: string[]; isRoot: boolean; hasAptGet: boolean }):
  | { action: 'none' }
  | { action: 'install'; packages: string[]; command: string[] }
  | { action: 'stop'; line: string };
export declare function missingPackages(env: Record<string, string | undefined>): string[];
export declare function ensureTestSystem(
  env?: Record<string, string | undefined>,
  options?: { dryRun?: boolean; log?: (line: string) => void },
): 0 | 2;
