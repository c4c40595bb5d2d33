// Lint rules this product lives by: TypeScript-aware checks, React hooks, and JSX accessibility.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "data/", "test-results/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_`-prefixed names mark what is deliberately left unused (a destructured-away field, an unused argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Features are services taking plain values: a page's HTTP answer (a response, a redirect) is its route module's.
    files: ["app/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["data", "redirect", "redirectDocument", "replace"],
              message: "Return a plain outcome; the route module turns it into a response.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers of any shape, and Playwright's fixtures take an empty first argument by design.
    files: ["tests/**/*.ts", "app/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "no-empty-pattern": "off" },
  },
);
