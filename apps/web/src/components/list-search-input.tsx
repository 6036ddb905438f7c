import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A list's search box beside its tabs: what is typed, as `useListSearch` keeps it. */
export function ListSearchInput({
  label,
  placeholder,
  value,
  onChange,
  width,
}: {
  /** Its accessible name: "Search invoices". */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** From the small breakpoint up; a phone's box takes the whole width. */
  width: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={100}
      type="search"
      w={{ base: '100%', sm: width }}
    />
  );
}
