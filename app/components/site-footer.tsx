import { Link } from "react-router";
import { company } from "~/content/company";
import { footerColumns } from "~/content/navigation";

// Read once per server start and once per page load, not during render.
const currentYear = new Date().getFullYear();

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{company.name}</p>
          <p>{company.slogan}</p>
          <p>
            <a href={company.phone.href}>{company.phone.display}</a>
            <br />
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <br />
            {company.location}
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={`Footer: ${column.title}`} className="site-footer__column">
            <h2 className="site-footer__heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to + link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="site-footer__legal">
        © {currentYear} {company.name}. Licensed and insured. Serving {company.address.locality} and
        the surrounding area.
      </p>
    </footer>
  );
}
