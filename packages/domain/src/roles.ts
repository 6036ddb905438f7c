/** The kinds of user. CUSTOMER and TRANSPORTER sign up; the others are created by people. */
export const USER_TYPES = ['CUSTOMER', 'TRANSPORTER', 'FLEET_MANAGER', 'ADMIN'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const SIGNUP_USER_TYPES = ['CUSTOMER', 'TRANSPORTER'] as const;
export type SignupUserType = (typeof SIGNUP_USER_TYPES)[number];

/** The access token's scope key that carries each role. */
export const ROLES = ['role_customer', 'role_transporter', 'role_fleet_manager', 'role_admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_OF_USER_TYPE: Record<UserType, Role> = {
  CUSTOMER: 'role_customer',
  TRANSPORTER: 'role_transporter',
  FLEET_MANAGER: 'role_fleet_manager',
  ADMIN: 'role_admin',
};

/** The company a user belongs to is of one of these kinds; admins belong to the platform. */
export const COMPANY_TYPES = ['CUSTOMER', 'TRANSPORTER', 'PLATFORM'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/**
 * Where a signed-in user lands. The spec: role_customer goes to /home, any other signed-in user
 * to /transporterhome. Admins get the back office at /admin (PRODUCT.md).
 */
export function homePathForRole(role: string | null | undefined): string {
  if (role === 'role_customer') return '/home';
  if (role === 'role_admin') return '/admin';
  return '/transporterhome';
}

/** The spec reads the role from the scope entry whose key starts with role_. */
export function roleFromScope(scope: unknown): Role | null {
  if (!scope || typeof scope !== 'object') return null;
  const key = Object.keys(scope as Record<string, unknown>).find(
    (k) => k.startsWith('role_') && (ROLES as readonly string[]).includes(k),
  );
  return (key as Role | undefined) ?? null;
}
