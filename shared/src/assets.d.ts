// CSS Modules (the webpack factory's `*.module.css` rule): importing one gives its class names.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

// Images are bundled as files (the webpack factory's asset rule): importing one gives its URL.
declare module '*.png' {
  const url: string;
  export default url;
}
