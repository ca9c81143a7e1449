import { readdirSync } from 'node:fs';
import path from 'node:path';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { Compilation, DefinePlugin, sources, type Compiler, type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { NAMESPACES, textsPath } from './src/i18n/namespaces';

const root = __dirname;
const localesDir = path.join(root, 'public/locales');

/** Each language's texts in one file as well, { namespace: texts }, where the app reads them (textsPath). */
function localeBundles() {
  return readdirSync(localesDir).map((language) => ({
    from: `${language}/{${NAMESPACES.join(',')}}.json`,
    context: localesDir,
    to: textsPath(language).slice(1),
    transformAll: (files: { data: Buffer; sourceFilename: string }[]) =>
      JSON.stringify(
        Object.fromEntries(
          files.map(({ data, sourceFilename }) => [
            path.basename(sourceFilename, '.json'),
            JSON.parse(data.toString()),
          ]),
        ),
      ),
  }));
}

/**
 * Preloads the Lao font from <head>. Otherwise the browser only learns of it once the CSS has arrived and
 * Lao text is laid out, and the pre-rendered text repaints when the font comes in, late.
 */
class PreloadLaoFontPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadLaoFont', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadLaoFont', (data) => {
        const fonts = Object.keys(compilation.assets).filter((name) =>
          /lao-(400|700)-normal.*\.woff2$/.test(name),
        );
        const links = fonts.map((name) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: `/${name}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: 'anonymous',
          }),
        );
        data.headTags.unshift(...links);
        return data;
      });
    });
  }
}
/** Where the build writes PageChunksPlugin's manifest (read by scripts/prerender.mjs and the server). */
const PAGE_CHUNKS_FILE = 'prerendered/page-chunks.json';

/**
 * Writes each named lazy chunk group (a page, antd's provider: webpackChunkName in src/app/routes.tsx and
 * src/ui/WithAntd.tsx) with the script files it needs beyond the entry's. A page rendered on the server
 * names them with the app's scripts, so they download beside the app's instead of after it, and main.tsx
 * evaluates them one step at a time instead of all at once on arrival.
 */
class PageChunksPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PageChunks', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes: the files' final names.
        { name: 'PageChunks', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entryFiles = new Set<string>();
          for (const entry of compilation.entrypoints.values())
            for (const chunk of entry.chunks) for (const file of chunk.files) entryFiles.add(file);
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (compilation.entrypoints.has(name)) continue;
            groups[name] = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))]
              .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
              .map((file) => `/${file}`);
          }
          compilation.emitAsset(
            PAGE_CHUNKS_FILE,
            new sources.RawSource(`${JSON.stringify(groups, null, 2)}\n`),
          );
        },
      );
    });
  }
}

const ANTD_STYLES = /[\\/]build[\\/]antd[\\/]antd\.css/;
/** build/antd/antd-<group>.css: the styles of a few large components, loaded with the pages using them. */
const ANTD_GROUP_STYLES = /[\\/]build[\\/]antd[\\/](antd-[a-z]+)\.css/;
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/** Resolution, loaders and output names both builds share. */
function common(production: boolean) {
  // Content hashes let the server cache files for a year; dev keeps plain names for fast rebuilds.
  const hashed = (name: string) => (production ? name.replace('[ext]', '.[contenthash:10][ext]') : name);
  return {
    mode: production ? 'production' : 'development',
    output: {
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: hashed('assets/[name][ext]'),
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // @build: files the build writes before webpack runs (build/antd/antd.css, scripts/extractAntdStyles.mjs).
      alias: {
        '@': path.join(root, 'src'),
        '@core': path.join(root, 'core'),
        '@build': path.join(root, 'build'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are caught by `npm run typecheck`; the build only strips types.
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            {
              loader: 'css-loader',
              options: {
                // `*.module.css` sits beside its component; other CSS (global.css, fonts) stays global.
                modules: {
                  auto: true,
                  // No hash, the same in every mode: the pre-render bundle gives the markup the same names
                  // (scripts/cssModuleNames.mjs), so pre-rendered pages match this stylesheet and hydrate.
                  getLocalIdent: (context: { resourcePath: string }, _name: string, local: string) =>
                    `${path.basename(context.resourcePath, '.module.css')}__${local}`,
                  // `import styles from './X.module.css'`, with the class names as written.
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                },
              },
            },
          ],
        },
        { test: /\.(woff2?|png|jpe?g|svg|webp)$/, type: 'asset/resource' },
        // antd's inputs import its form's context module, which imports rc-form for a provider the site never
        // uses (final-form holds the values). rc-form does not declare itself free of side effects, so without
        // this it and its async validator would be bundled and run on every page with an input.
        { test: /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/, sideEffects: false },
      ],
    },
    miniCss: new MiniCssExtractPlugin({
      filename: production ? '[name].[contenthash:10].css' : '[name].css',
      chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
    }),
  } satisfies Configuration & { miniCss: MiniCssExtractPlugin };
}

/** The player site, at /: what players download. */
function playerSite(production: boolean): Configuration & { devServer?: DevServerConfiguration } {
  const { miniCss, output, ...shared } = common(production);
  return {
    ...shared,
    name: 'player',
    entry: { main: path.join(root, 'src/main.tsx') },
    output: {
      ...output,
      path: path.join(root, 'dist'),
      publicPath: '/',
      // The back office's build (below) writes into dist/backoffice.
      clean: { keep: /^backoffice[\\/]/ },
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(root, 'src/index.html'),
        templateParameters: { laoTexts: textsPath('lo') },
        // Deferred external scripts only: the server's CSP forbids inline scripts.
        scriptLoading: 'defer',
        inject: 'head',
      }),
      new PreloadLaoFontPlugin(),
      new PageChunksPlugin(),
      // antd renders without generating styles: build/antd/antd.css holds them (src/ui/theme.ts).
      new DefinePlugin({ 'process.env.ANTD_STYLES': JSON.stringify(production ? 'static' : 'runtime') }),
      miniCss,
      new CopyWebpackPlugin({ patterns: [{ from: path.join(root, 'public'), to: '.' }, ...localeBundles()] }),
    ],
    optimization: {
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        // One stylesheet for the whole app, as before the styles moved beside their components: pre-rendered
        // pages link it from <head>, so a lazily loaded page's styles are there before its code.
        // antd's extracted styles are the exception: they are loaded with antd's chunk, so a page without
        // antd (the home page) does not wait for them, and the sheets of its large components (the table,
        // the date picker, the steps, dialogs and drawers) load with the code that shows them.
        cacheGroups: {
          styles: {
            name: 'styles',
            type: 'css/mini-extract',
            chunks: 'all',
            enforce: true,
            test: (module: { identifier(): string }) =>
              !ANTD_STYLES.test(module.identifier()) && !ANTD_GROUP_STYLES.test(module.identifier()),
          },
          antdStyles: {
            name: 'antd-styles',
            type: 'css/mini-extract',
            chunks: 'async',
            enforce: true,
            test: (module: { identifier(): string }) => ANTD_STYLES.test(module.identifier()),
          },
          // One file per group (antd-table.css…), whichever pages' chunks need it.
          antdGroupStyles: {
            name: (module: { identifier(): string }) => ANTD_GROUP_STYLES.exec(module.identifier())?.[1],
            type: 'css/mini-extract',
            chunks: 'async',
            enforce: true,
            test: (module: { identifier(): string }) => ANTD_GROUP_STYLES.test(module.identifier()),
          },
        },
      },
    },
    performance: {
      hints: production ? 'warning' : false,
      // The budget for the first route is 160 KB gzip; raw sizes are roughly 3.5 times that.
      maxEntrypointSize: 560 * 1024,
      maxAssetSize: 560 * 1024,
    },
    devServer: {
      port: Number(process.env.WEB_PORT ?? 8080),
      // The back office's own page for its addresses; the player site's for every other.
      historyApiFallback: { rewrites: [{ from: /^\/backoffice/, to: '/backoffice/index.html' }] },
      hot: true,
      static: { directory: path.join(root, 'public'), publicPath: '/' },
      // The sandbox game studio (page and bundle) is served by the API server, outside this build.
      proxy: [{ context: ['/api', '/sandbox/studio/', '/studio/'], target: API_ORIGIN, changeOrigin: false }],
    },
  };
}

/** A build of one entry and its page, beside the player site's: its own files, nothing shared with it. */
function separateBuild(
  production: boolean,
  build: { name: string; entry: string; template: string; outDir: string; publicPath: string },
): Configuration {
  const { miniCss, output, ...shared } = common(production);
  return {
    ...shared,
    name: build.name,
    entry: { [build.name]: path.join(root, build.entry) },
    output: { ...output, path: path.join(root, build.outDir), publicPath: build.publicPath, clean: true },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(root, build.template),
        scriptLoading: 'defer',
        inject: 'head',
      }),
      miniCss,
    ],
    optimization: { runtimeChunk: 'single', splitChunks: { chunks: 'all' } },
    performance: { hints: false },
  };
}

/**
 * The back office, at /backoffice: its own entry and files (dist/backoffice), so nothing of it reaches the
 * player site's bundle, and the player site's shell, service worker and pre-rendering stay out of it.
 */
const backOffice = (production: boolean) =>
  separateBuild(production, {
    name: 'backoffice',
    entry: 'src/backoffice/main.tsx',
    template: 'src/backoffice/index.html',
    outDir: 'dist/backoffice',
    publicPath: '/backoffice/',
  });

/**
 * The bench's plain antd shell (bench/shell): an antd page with the same loaders and splitting, and antd's
 * runtime styles as a plain antd app has them. Built only when asked (`webpack --env benchShell`).
 */
const benchShell = (production: boolean) =>
  separateBuild(production, {
    name: 'shell',
    entry: 'bench/shell/main.tsx',
    template: 'bench/shell/index.html',
    outDir: 'build/bench-shell',
    publicPath: '/',
  });

export default (
  env: { benchShell?: boolean } | undefined,
  argv: { mode?: Configuration['mode'] },
): Configuration[] => {
  const production = argv.mode !== 'development';
  if (env?.benchShell) return [benchShell(production)];
  return [playerSite(production), backOffice(production)];
};
