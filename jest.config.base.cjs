// One Jest setup for every package: TypeScript through ts-jest (transpile only; `tsc` type-checks),
// jsdom where components render. Extra options pass straight to Jest.
module.exports = function jestConfig({ environment = 'node', setupFiles = [], ...options } = {}) {
  return {
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': [
        require.resolve('ts-jest'),
        { tsconfig: { module: 'commonjs', moduleResolution: 'node10', jsx: 'react-jsx', isolatedModules: true, esModuleInterop: true } },
      ],
    },
    moduleNameMapper: {
      '\\.module\\.css$': require.resolve('./jest.css-module-stub.cjs'),
      '\\.css$': require.resolve('./jest.style-stub.cjs'),
    },
    setupFilesAfterEnv: setupFiles,
    ...options,
  };
};
