import { toast as sonner, type ExternalToast } from "sonner";

export type ToastOptions = ExternalToast;
export type ToastId = string | number;

/** The five toast types of the spec (docs/product/accounts-and-access.md §8); screens use this instead of importing sonner directly. */
export const toast = {
  success: (message: string, options?: ToastOptions): ToastId => sonner.success(message, options),
  error: (message: string, options?: ToastOptions): ToastId => sonner.error(message, options),
  info: (message: string, options?: ToastOptions): ToastId => sonner.info(message, options),
  warning: (message: string, options?: ToastOptions): ToastId => sonner.warning(message, options),
  loading: (message: string, options?: ToastOptions): ToastId => sonner.loading(message, options),
  dismiss: (id?: ToastId): ToastId => sonner.dismiss(id),
};
