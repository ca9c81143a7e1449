// A CSS module's default export maps each class written in the file to the name webpack gives it
// (webpack.config.ts: `<file>__<class>`).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
