// One Jest setup for every package: TypeScript through ts-jest (transpile only; `tsc` type-checks),
// jsdom where components render. Extra options pass straight to Jest.
// `esModules`: packages published as ES modules only, compiled to CommonJS for Jest like the sources.
module.exports = function jestConfig({ environment = 'node', setupFiles = [], esModules = [], ...options } = {}) {
  const typescript = {
    module: 'commonjs',
    moduleResolution: 'node10',
    jsx: 'react-jsx',
    isolatedModules: true,
    esModuleInterop: true,
  };
  return {
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': [require.resolve('ts-jest'), { tsconfig: typescript }],
      ...(esModules.length > 0
        ? { '^.+\\.js$': [require.resolve('ts-jest'), { tsconfig: { ...typescript, allowJs: true } }] }
        : {}),
    },
    ...(esModules.length > 0
      ? { transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esModules.join('|')})[@/])`] }
      : {}),
    moduleNameMapper: {
      '\\.module\\.css$': require.resolve('./jest.css-module-stub.cjs'),
      '\\.css$': require.resolve('./jest.style-stub.cjs'),
    },
    setupFiles: environment === 'jsdom' ? [require.resolve('./jest.jsdom-globals.cjs')] : [],
    setupFilesAfterEnv: setupFiles,
    ...options,
  };
};
