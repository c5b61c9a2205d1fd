import { createContext, use, type ComponentType, type ReactNode } from "react";

/**
 * A piece of one feature's screen that another feature owns, e.g. the patient picker inside the task dialog.
 * Features never import each other: the feature renders the slot, and the screen in app/routes fills it with the
 * owning feature's component (`<Fill component={PatientCombobox}>`), once around the whole screen.
 */
export function createSlot<Props extends object>(name: string, options: { optional?: boolean } = {}) {
  const Filled = createContext<ComponentType<Props> | null>(null);

  function Slot(props: Props) {
    const Component = use(Filled);
    // An optional slot (an extra a screen may add, like a payment badge) shows nothing where no screen fills it.
    if (!Component && options.optional) return null;
    if (!Component) throw new Error(`${name} is rendered outside a screen that fills it`);
    return <Component {...props} />;
  }
  Slot.displayName = name;

  function Fill({ component, children }: { component: ComponentType<Props>; children: ReactNode }) {
    return <Filled value={component}>{children}</Filled>;
  }

  return { Slot, Fill };
}
