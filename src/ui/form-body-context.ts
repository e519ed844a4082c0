import { createContext } from 'react';

/** What a form's fields share through `FormBody`: where their ids start, and the server's word. */
export interface FormBodyShared {
  /** Prefix of every field's control id in this form, so the error summary can link to it. */
  idPrefix: string;
  /** Errors the server gave about single fields, by field name (shown on the field too). */
  serverFieldErrors: Readonly<Partial<Record<string, string>>>;
}

/** The form around a field: `FormBody` provides it; a field outside any form gets no prefix. */
export const FormBodyContext = createContext<FormBodyShared>({
  idPrefix: 'field-',
  serverFieldErrors: {},
});
