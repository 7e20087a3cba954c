import { useSiteProfile } from "#app/site-profile.ts";

/** The pages where the business is listed or reviewed (Google Business Profile first), when set. */
export function ProfileLinks({ className }: { className?: string }) {
  const { profileLinks } = useSiteProfile();
  if (profileLinks.length === 0) return null;
  return (
    <ul className={className ? `profile-links ${className}` : "profile-links"}>
      {profileLinks.map((link) => (
        <li key={link.kind}>
          <a href={link.href} rel="noopener">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
