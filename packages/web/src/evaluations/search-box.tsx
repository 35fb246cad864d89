import { useEffect, useState } from "react";

/** How long typing pauses before the search is sent: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A text search kept in the URL: what is typed shows at once, the URL (and so the query) follows
 * once typing pauses. A change of the URL from elsewhere (Back, "Clear filters") replaces the text.
 */
export function SearchBox(props: {
  value: string | undefined;
  onSearch: (text: string | undefined) => void;
  label: string;
  placeholder: string;
}) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value ?? "");

  useEffect(() => {
    setText((current) => (current.trim() === (value ?? "") ? current : (value ?? "")));
  }, [value]);

  useEffect(() => {
    const wanted = text.trim() === "" ? undefined : text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => onSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <label className="search-box">
      {props.label}
      <input
        type="search"
        name="q"
        value={text}
        maxLength={256}
        placeholder={props.placeholder}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
