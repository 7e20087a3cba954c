/**
 * React and React Router choose their development or production build from NODE_ENV the moment
 * they are first imported, and any feature module the host imports may bring them in. So the
 * host imports this module first (ES modules run their imports in order): NODE_ENV is set
 * before anything else loads. `--dev` serves through Vite in development mode.
 */
export const isDev = process.argv.includes("--dev");

process.env.NODE_ENV ??= isDev ? "development" : "production";
