import { useEffect, useState } from "react";

/**
 * A search box over a value kept in the URL: typing rewrites the URL after a pause, so each
 * keystroke neither adds a history entry nor starts a request.
 */
export function SearchInput({
  label,
  value,
  placeholder,
  onSearch,
}: {
  label: string;
  value: string | undefined;
  placeholder?: string;
  onSearch: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? "");
  useEffect(() => {
    if (text.trim() === (value ?? "")) return;
    const timer = setTimeout(() => onSearch(text.trim() || undefined), 250);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <label>
      {label}
      <input
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
