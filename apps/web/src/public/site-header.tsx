import { usePublicWords } from './public-text';

export const SIGN_IN_PATH = '/signin';

/** The Freightlane name beside a truck icon, linking to the root as the spec's logo does. */
function Logo() {
  return (
    <a className="logo" href="/">
      <span className="logo-mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M5 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M15 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
          <path d="M5 17h-2v-11a1 1 0 0 1 1 -1h9v12m-4 0h6m4 0h2v-6h-8m0 -5h5l3 5" />
        </svg>
      </span>
      <span className="logo-name">Freightlane</span>
    </a>
  );
}

/** A full page load to the signed-in app: the public bundle does not carry it. */
export function SignInButton({ variant = 'filled' }: { variant?: 'filled' | 'outline' }) {
  const { t } = usePublicWords();
  return (
    <a className={variant === 'outline' ? 'btn btn-outline' : 'btn'} href={SIGN_IN_PATH}>
      {t('page.signIn')}
    </a>
  );
}

/** The page's header: the logo, and Sign In unless the page offers it elsewhere. */
export function SiteHeader({ signIn = true, wide = false }: { signIn?: boolean; wide?: boolean }) {
  return (
    <header className="site-header">
      <div className={wide ? 'site-header-inner wide' : 'site-header-inner'}>
        <Logo />
        {signIn ? <SignInButton variant="outline" /> : null}
      </div>
    </header>
  );
}
