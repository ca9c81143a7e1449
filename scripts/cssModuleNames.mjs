import path from 'node:path';

/**
 * The class name a CSS module's class gets, `<file>__<class>` (Navbar.module.css: `.navbar` -> `Navbar__navbar`).
 * The same in development and production, and the same in webpack (webpack.config.ts) and in the pre-render
 * bundle (cssModulesForPrerender below), so pre-rendered markup matches the built stylesheet and hydrates.
 */
export function cssModuleClassName(file, local) {
  return `${path.basename(file, '.module.css')}__${local}`;
}

/**
 * esbuild plugin for the pre-render bundle: a `*.module.css` import becomes the map from each class in the
 * file to its built name. The CSS itself is not bundled: the page links the stylesheet webpack built.
 */
export const cssModulesForPrerender = {
  name: 'css-modules-for-prerender',
  setup(build) {
    build.onLoad({ filter: /\.module\.css$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const css = (await readFile(args.path, 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
      const classes = {};
      for (const [, local] of css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
        classes[local] = cssModuleClassName(args.path, local);
      }
      return { contents: `module.exports = ${JSON.stringify(classes)};`, loader: 'js' };
    });
  },
};
