import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import type { Configuration } from 'webpack';

type Mode = 'development' | 'production';

/** The web app's bundle. `public/config.js` is copied as is: one build serves every environment. */
export function createWebpackConfig(mode: Mode, outputPath = path.resolve(__dirname, 'dist')) {
  const isProduction = mode === 'production';
  const config: Configuration = {
    mode,
    entry: path.resolve(__dirname, 'src/main.tsx'),
    output: {
      path: outputPath,
      publicPath: '/',
      filename: isProduction ? 'assets/[name].[contenthash].js' : 'assets/[name].js',
      chunkFilename: isProduction ? 'assets/[name].[contenthash].js' : 'assets/[name].js',
      clean: true,
    },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.resolve(__dirname, 'public/index.html'),
        scriptLoading: 'defer',
      }),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: path.resolve(__dirname, 'public'),
            globOptions: { ignore: ['**/index.html'] },
          },
        ],
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return config;
}

export default (_env: unknown, argv: { mode?: Mode }) =>
  createWebpackConfig(argv.mode ?? 'development');
