/** Vite bundles imported stylesheets; to TypeScript they are modules with no exports. */
declare module "*.css";
