// structured-data-testing-tool ships no types: what the browser tests use of it.
declare module 'structured-data-testing-tool' {
  export interface TestResult {
    test: string;
    description?: string;
    error?: { message: string };
  }
  export interface TestResults {
    passed: TestResult[];
    failed: TestResult[];
    schemas: string[];
  }
  export function structuredDataTest(
    html: string,
    options: { presets: unknown[]; schemas?: string[] },
  ): Promise<TestResults>;
}

declare module 'structured-data-testing-tool/presets' {
  export const Google: unknown;
  export const Twitter: unknown;
  export const Facebook: unknown;
}
