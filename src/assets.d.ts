// A font file imported from code is its URL: webpack emits it (asset/resource) under the same hashed name
// the stylesheet's url() gets, so a preload of that URL is the very download the font face uses.
declare module '*.woff2' {
  const url: string;
  export default url;
}
