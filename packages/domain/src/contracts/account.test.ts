import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signupRequest } from './account';
import { passwordResetRequest } from './password';
import { updateCompanyRequest } from './profile';

const validSignup = {
  email: 'ada@okafor-imports.ng',
  firstName: 'Adaeze',
  lastName: 'Okafor',
  companyName: 'Okafor Imports Ltd',
  phoneNumber: '+2348031234567',
  password: 'Sturdy-Cargo-2026',
  type: 'CUSTOMER',
  acceptTerms: true,
};

/** The issues of a failed parse as path → messages, so a test names the field and the words. */
function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error!.issues) {
    const key = issue.path.join('.');
    (byPath[key] ??= []).push(issue.message);
  }
  return byPath;
}

describe('signupRequest', () => {
  it('parses a valid payload, trimming and lower-casing the e-mail', () => {
    const parsed = signupRequest.parse({ ...validSignup, email: '  Ada@Okafor-Imports.NG ' });
    expect(parsed).toEqual({ ...validSignup, email: 'ada@okafor-imports.ng' });
  });

  it('trims names, company name and phone number', () => {
    const parsed = signupRequest.parse({
      ...validSignup,
      firstName: ' Adaeze ',
      lastName: '\tOkafor',
      companyName: ' Okafor Imports Ltd ',
      phoneNumber: ' +2348031234567 ',
    });
    expect(parsed).toMatchObject({
      firstName: 'Adaeze',
      lastName: 'Okafor',
      companyName: 'Okafor Imports Ltd',
      phoneNumber: '+2348031234567',
    });
  });

  it('accepts TRANSPORTER as the type', () => {
    expect(signupRequest.parse({ ...validSignup, type: 'TRANSPORTER' }).type).toBe('TRANSPORTER');
  });

  it.each([['ada@'], ['ada.okafor-imports.ng'], ['ada @okafor.ng'], ['@okafor.ng']])(
    'rejects the e-mail %j',
    (email) => {
      expect(issuesOf(signupRequest, { ...validSignup, email })).toEqual({
        email: ['Enter a valid email address'],
      });
    },
  );

  it('requires an e-mail', () => {
    expect(issuesOf(signupRequest, { ...validSignup, email: '   ' })).toEqual({
      email: ['Email is required'],
    });
  });

  it.each([
    ['08031234567'],
    ['2348031234567'],
    ['+234803123456'],
    ['+23480312345678'],
    ['+2340803123456'],
    ['+234 803 123 4567'],
    ['+14155550123'],
  ])('rejects the phone number %j, which is not +234 and 10 digits', (phoneNumber) => {
    expect(issuesOf(signupRequest, { ...validSignup, phoneNumber })).toEqual({
      phoneNumber: ['Enter a Nigerian phone number as +234 followed by 10 digits'],
    });
  });

  it('rejects a password of 7 characters and accepts one of 8', () => {
    expect(issuesOf(signupRequest, { ...validSignup, password: 'Kano-26' })).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    expect(signupRequest.safeParse({ ...validSignup, password: 'Kano-267' }).success).toBe(true);
  });

  it('rejects a password of 129 characters and accepts one of 128', () => {
    expect(issuesOf(signupRequest, { ...validSignup, password: 'a1-'.repeat(43) })).toEqual({
      password: ['Password must be at most 128 characters'],
    });
    expect(signupRequest.safeParse({ ...validSignup, password: 'a1-'.repeat(42) + 'xy' }).success).toBe(true);
  });

  it.each([['password123'], ['PASSWORD123'], ['nigeria123'], ['freightlane']])(
    'rejects the common password %j',
    (password) => {
      expect(issuesOf(signupRequest, { ...validSignup, password })).toEqual({
        password: ['This password is too common; choose another one'],
      });
    },
  );

  it.each([['ADMIN'], ['FLEET_MANAGER'], ['customer'], ['']])('rejects the type %j', (type) => {
    expect(issuesOf(signupRequest, { ...validSignup, type })).toEqual({
      type: ['Type must be CUSTOMER or TRANSPORTER'],
    });
  });

  it('requires the company name', () => {
    const { companyName: _omit, ...withoutCompany } = validSignup;
    expect(issuesOf(signupRequest, withoutCompany)).toEqual({ companyName: ['Company name is required'] });
    expect(issuesOf(signupRequest, { ...validSignup, companyName: ' A ' })).toEqual({
      companyName: ['Company name must be at least 2 characters'],
    });
  });

  it('requires first and last name', () => {
    expect(issuesOf(signupRequest, { ...validSignup, firstName: ' ', lastName: undefined })).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
    });
  });

  it('takes the spec’s seven fields alone: signing up accepts the terms', () => {
    const { acceptTerms: _ticked, ...spec } = validSignup;
    expect(Object.keys(spec)).toHaveLength(7);
    expect(signupRequest.parse(spec)).toEqual(spec);
  });

  it.each([[false], [null], ['true'], [1]])(
    'refuses the consent %j: only true, or leaving it out, accepts the terms',
    (acceptTerms) => {
      expect(issuesOf(signupRequest, { ...validSignup, acceptTerms })).toEqual({
        acceptTerms: ['You must accept the terms and conditions'],
      });
    },
  );

  it('names every bad field at once', () => {
    expect(
      Object.keys(
        issuesOf(signupRequest, {
          ...validSignup,
          email: 'nope',
          phoneNumber: '0803',
          password: 'short',
          type: 'ADMIN',
        }),
      ).sort(),
    ).toEqual(['email', 'password', 'phoneNumber', 'type']);
  });

  it('rejects an unknown key', () => {
    const result = signupRequest.safeParse({ ...validSignup, role: 'role_admin' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(result.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['role'], path: [] });
  });
});

describe('passwordResetRequest', () => {
  const token = 'a'.repeat(43);

  it('parses a reset token and a new password', () => {
    expect(
      passwordResetRequest.parse({ resetToken: ` ${token} `, newPassword: 'Sturdy-Cargo-2026' }),
    ).toEqual({
      resetToken: token,
      newPassword: 'Sturdy-Cargo-2026',
    });
  });

  it('takes the consent of an invited fleet manager, and only as true', () => {
    const body = { resetToken: token, newPassword: 'Sturdy-Cargo-2026' };
    expect(passwordResetRequest.parse({ ...body, acceptTerms: true }).acceptTerms).toBe(true);
    expect(issuesOf(passwordResetRequest, { ...body, acceptTerms: false })).toEqual({
      acceptTerms: ['You must accept the terms and conditions'],
    });
  });

  it('rejects a truncated token', () => {
    expect(issuesOf(passwordResetRequest, { resetToken: 'abc', newPassword: 'Sturdy-Cargo-2026' })).toEqual({
      resetToken: ['The link is incomplete; open it again from your e-mail'],
    });
  });

  it('holds the new password to the signup rules', () => {
    expect(issuesOf(passwordResetRequest, { resetToken: token, newPassword: 'short' })).toEqual({
      newPassword: ['Password must be at least 8 characters'],
    });
    expect(issuesOf(passwordResetRequest, { resetToken: token, newPassword: 'Password123' })).toEqual({
      newPassword: ['This password is too common; choose another one'],
    });
  });

  it('requires both fields and rejects unknown ones', () => {
    expect(issuesOf(passwordResetRequest, {})).toEqual({
      resetToken: ['Token is required'],
      newPassword: ['Password is required'],
    });
    const extra = passwordResetRequest.safeParse({
      resetToken: token,
      newPassword: 'Sturdy-Cargo-2026',
      confirmPassword: 'Sturdy-Cargo-2026',
    });
    expect(extra.success).toBe(false);
    expect(extra.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['confirmPassword'] });
  });
});

describe('updateCompanyRequest', () => {
  const validCompany = {
    name: 'Okafor Imports Ltd',
    cacRegistrationNumber: 'RC 1234567',
    tin: '12345678-0001',
    address: { street: '14 Creek Road', neighborhood: 'Apapa', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
    contactName: 'Adaeze Okafor',
    contactPhone: '+2348031234501',
    contactEmail: 'customer@example.com',
  };

  it('parses a valid company', () => {
    expect(updateCompanyRequest.parse(validCompany)).toEqual(validCompany);
  });

  it.each([
    ['rc1234567', 'RC 1234567'],
    ['RC1234567', 'RC 1234567'],
    [' rc 1234567 ', 'RC 1234567'],
    ['bn 123456', 'BN 123456'],
    ['It1234', 'IT 1234'],
  ])('normalises the CAC number %j to %j', (input, expected) => {
    expect(
      updateCompanyRequest.parse({ ...validCompany, cacRegistrationNumber: input }).cacRegistrationNumber,
    ).toBe(expected);
  });

  it.each([['1234567'], ['RC 123'], ['RC 123456789'], ['XY 1234567'], ['RC  1234567']])(
    'rejects the CAC number %j',
    (cacRegistrationNumber) => {
      expect(issuesOf(updateCompanyRequest, { ...validCompany, cacRegistrationNumber })).toEqual({
        cacRegistrationNumber: [
          'Enter the CAC number as RC, BN or IT followed by its digits, e.g. RC 1234567',
        ],
      });
    },
  );

  it('accepts both TIN forms', () => {
    expect(updateCompanyRequest.parse({ ...validCompany, tin: '1234567890' }).tin).toBe('1234567890');
    expect(updateCompanyRequest.parse({ ...validCompany, tin: ' 12345678-0001 ' }).tin).toBe('12345678-0001');
  });

  it.each([['123456789'], ['12345678-001'], ['12345678 0001'], ['ABCDEFGHIJ'], ['12345678901']])(
    'rejects the TIN %j',
    (tin) => {
      expect(issuesOf(updateCompanyRequest, { ...validCompany, tin })).toEqual({
        tin: ['Enter the TIN as 12345678-0001 or 10 digits'],
      });
    },
  );

  it.each([['Lagos State'], ['lagos'], ['Abuja'], ['London']])('rejects the state %j', (state) => {
    expect(
      issuesOf(updateCompanyRequest, { ...validCompany, address: { ...validCompany.address, state } }),
    ).toEqual({ 'address.state': ['Choose one of the 36 states or FCT'] });
  });

  it('accepts FCT as a state and defaults the neighbourhood to empty', () => {
    const { neighborhood: _omit, ...address } = validCompany.address;
    expect(
      updateCompanyRequest.parse({
        ...validCompany,
        address: { ...address, state: 'FCT', lga: 'Municipal Area Council', city: 'Abuja' },
      }).address,
    ).toEqual({
      ...address,
      neighborhood: '',
      state: 'FCT',
      lga: 'Municipal Area Council',
      city: 'Abuja',
    });
  });

  it('takes the LGA from the list of its state', () => {
    expect(
      updateCompanyRequest.safeParse({ ...validCompany, address: { ...validCompany.address, lga: 'Ikeja' } })
        .success,
    ).toBe(true);
    expect(
      issuesOf(updateCompanyRequest, {
        ...validCompany,
        address: { ...validCompany.address, lga: 'Port Harcourt' },
      }),
    ).toEqual({ 'address.lga': ['Choose an LGA of Lagos'] });
  });

  it('checks the contact phone and e-mail with the shared rules', () => {
    expect(
      issuesOf(updateCompanyRequest, { ...validCompany, contactPhone: '08031234501', contactEmail: 'x' }),
    ).toEqual({
      contactPhone: ['Enter a Nigerian phone number as +234 followed by 10 digits'],
      contactEmail: ['Enter a valid email address'],
    });
  });
});
