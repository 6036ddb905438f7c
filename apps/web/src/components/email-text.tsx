import { Fragment } from 'react';

/**
 * The pieces of an e-mail address between the places it may break: after the "@" and before each
 * ".", so "ada.obi@okafor-imports.com.ng" splits as "ada" ".obi@" "okafor-imports" ".com" ".ng".
 */
export function emailPieces(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

/**
 * An e-mail address that may wrap in a narrow cell only after its "@" or before a ".", never inside a
 * word or at a hyphen: each piece is kept whole and a <wbr> offers the break between two pieces.
 */
export function EmailText({ email }: { email: string }) {
  const pieces = emailPieces(email);
  return (
    <span>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span style={{ whiteSpace: 'nowrap' }}>{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}
