// Images are bundled as files (the webpack factory's asset rule): importing one gives its URL.
declare module '*.png' {
  const url: string;
  export default url;
}
