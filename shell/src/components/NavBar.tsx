import { SECTIONS, SITE_NAME, type Section } from '@blog/shared';
import { useState } from 'react';
import { Link, NavLink } from '@blog/shared/router';
import { usePrefetchOnHover } from '../prefetch';
import { LogoMark, MenuIcon } from './icons';
import { ThemeToggle } from './ThemeToggle';
import './NavBar.css';

const NAV_SECTIONS = SECTIONS.filter((section): section is Section & { nav: string } => Boolean(section.nav));

function NavItem({ section, onNavigate }: { section: Section & { nav: string }; onNavigate?: () => void }) {
  const prefetch = usePrefetchOnHover(section.module);
  return (
    <li>
      <NavLink to={section.paths[0]} className="nav-link" onClick={onNavigate} {...prefetch}>
        {section.nav}
      </NavLink>
    </li>
  );
}

export function NavBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const home = usePrefetchOnHover(SECTIONS[0].module);

  return (
    <header className="navbar">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="navbar-inner" aria-label="Main">
        <Link to="/Home" className="logo" onClick={closeMenu} {...home}>
          <LogoMark />
          <span>{SITE_NAME}</span>
        </Link>
        <ul className="nav-links">
          {NAV_SECTIONS.map((section) => (
            <NavItem key={section.module} section={section} />
          ))}
        </ul>
        <div className="nav-tools">
          {/* Visual only (spec §1): the site has no accounts. */}
          <span className="nav-auth">Log in</span>
          <span className="nav-auth nav-auth-primary">Sign up</span>
          <ThemeToggle />
          <button
            type="button"
            className="round-button hamburger"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </nav>
      <ul id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
        {NAV_SECTIONS.map((section) => (
          <NavItem key={section.module} section={section} onNavigate={closeMenu} />
        ))}
      </ul>
    </header>
  );
}
