import { Search, X } from "lucide-react";
import { useRef, type ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

export interface SearchInputProps extends Omit<ComponentProps<"input">, "value" | "onChange" | "type" | "ref"> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * Search box with a magnifier and a clear button ('Limpar busca'). It reports every keystroke; debounce in
 * the screen with useDebouncedValue before querying. Named 'Buscar' unless you pass aria-label.
 * ```tsx
 * const [search, setSearch] = useState("");
 * const debouncedSearch = useDebouncedValue(search);
 * <SearchInput value={search} onValueChange={setSearch} placeholder="Buscar por nome ou contato" />
 * ```
 */
export function SearchInput({
  value,
  onValueChange,
  className,
  placeholder = "Buscar...",
  "aria-label": ariaLabel = "Buscar",
  ...props
}: SearchInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={cn("relative", className)}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input
        ref={inputRef}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        placeholder={placeholder}
        aria-label={ariaLabel}
        autoComplete="off"
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        {...props}
      />
      {value ? (
        <button
          type="button"
          aria-label="Limpar busca"
          onClick={() => {
            onValueChange("");
            inputRef.current?.focus();
          }}
          className={cn(
            "absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-slate-400 transition-colors",
            "hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
          )}
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
