import type { MetaDescriptor } from "react-router";
import { siteMeta } from "#app/site-profile.ts";

/**
 * The pages kept out of search results (accounts, signing in, the first-run setup), by path:
 * their title and description. Each route's meta function is `privatePageMeta(matches, path)`.
 */
const PRIVATE_PAGES = {
  "/login": ["Log in", "Log in to see your estimate requests, or to manage the site if you work with us."],
  "/signup": ["Sign up", "Create an account to follow the estimate requests you send us."],
  "/forgot-password": ["Forgot your password?", "Get an email with a link to choose a new password for your account."],
  "/reset-password": ["Choose a new password", "Choose a new password for your account."],
  "/profile": ["My account", "Your account: your details, the estimate requests you sent us, your password."],
  "/setup": ["Set up the site's administrator", "The one-time page that creates this website's first administrator account."],
  "/setup/business": ["Your business", "The first-run step that gives the website the business's name, phone and email."],
} as const;

export function privatePageMeta(matches: Parameters<typeof siteMeta>[0], path: keyof typeof PRIVATE_PAGES): MetaDescriptor[] {
  const [title, description] = PRIVATE_PAGES[path];
  return siteMeta(matches, () => ({ title, description, path, noindex: true }));
}
