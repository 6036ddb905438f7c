import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailPieces } from './email-text';

describe('an e-mail address in a narrow cell', () => {
  it('breaks only after the "@" and before each "."', () => {
    expect(emailPieces('ada.obi@okafor-imports.com.ng')).toEqual([
      'ada',
      '.obi@',
      'okafor-imports',
      '.com',
      '.ng',
    ]);
    expect(emailPieces('ops@eko.ng')).toEqual(['ops@', 'eko', '.ng']);
  });

  it('reads as the whole address, each piece kept on one line with a break offered between them', () => {
    const { container } = render(<EmailText email="ops@eko-haulage.ng" />);
    expect(container).toHaveTextContent('ops@eko-haulage.ng');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    const pieces = [...container.querySelectorAll<HTMLElement>('span > span')];
    expect(pieces.map((piece) => piece.textContent)).toEqual(['ops@', 'eko-haulage', '.ng']);
    expect(pieces.every((piece) => piece.style.whiteSpace === 'nowrap')).toBe(true);
  });
});
