import { act, fireEvent, render, screen } from '@testing-library/react';
import { useForm, type Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import { focusFirstProblem } from './focus-first-problem';

interface Fields {
  name: string;
  email: string;
  phone: string;
}

/** Every empty field is a problem, found a few promises later, as the contract's resolver does. */
const resolver: Resolver<Fields> = async (values) => {
  await Promise.resolve();
  const errors = Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value === '')
      .map(([name]) => [name, { type: 'required', message: `${name} is required` }]),
  );
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};

function Form() {
  const { register, handleSubmit } = useForm<Fields>({
    defaultValues: { name: '', email: '', phone: '' },
    shouldFocusError: false,
    resolver,
  });
  return (
    <form noValidate aria-label="Details" onSubmit={(event) => void handleSubmit(() => undefined, focusFirstProblem)(event)}>
      <label>
        Name <input {...register('name')} />
      </label>
      <label>
        Email <input {...register('email')} />
      </label>
      <label>
        Phone <input {...register('phone')} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

describe('focusFirstProblem', () => {
  it('focuses the first field with a problem, in form order, once and at once: a shopper who moves on a task later keeps the focus', async () => {
    render(<Form />);
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('Email');
    const phone = screen.getByLabelText('Phone');
    fireEvent.change(name, { target: { value: 'Mona' } });
    const focused = vi.spyOn(HTMLElement.prototype, 'focus');

    // The first task after the refused submit: what has the focus then, and the shopper moves on to Phone.
    let focusedAfterSubmit: Element | null = null;
    const movedOn = new Promise<void>((resolve) =>
      setTimeout(() => {
        focusedAfterSubmit = document.activeElement;
        phone.focus();
        resolve();
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await movedOn;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });

    expect(focusedAfterSubmit).toBe(email);
    // react-hook-form's own focus comes again a task later (and its `setFocus` only then):
    // typing meant for Phone would go into Email.
    expect(focused.mock.contexts.filter((element) => element === email)).toHaveLength(1);
    expect(phone).toHaveFocus();
  });

  it('leaves the focus alone when the submit is not refused', async () => {
    render(<Form />);
    for (const label of ['Name', 'Email', 'Phone']) fireEvent.change(screen.getByLabelText(label), { target: { value: 'x' } });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await act(async () => {
      fireEvent.click(save);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(save).toHaveFocus();
  });
});
