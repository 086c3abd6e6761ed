import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RatingStars } from './rating-stars';

describe('RatingStars', () => {
  it('is one image named by its label, its stars filled to the tenth of the rating', () => {
    render(<RatingStars value={3.3} label="Rated 3.3 out of 5" />);
    expect(screen.getByRole('img', { name: 'Rated 3.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-filled')).toHaveStyle({ width: '66%' });
  });

  it('keeps a rating outside 0–5 inside the five stars', () => {
    render(<RatingStars value={7} label="Rated 7.0 out of 5" />);
    expect(screen.getByTestId('rating-filled')).toHaveStyle({ width: '100%' });
  });
});
