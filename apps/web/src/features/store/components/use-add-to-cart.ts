import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { STORE_MSG, type CartAddBody } from '@edu/shared/store';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { addToCart } from '../api';
import { refreshMarketplace } from '../../../lib/query';

/** Put a provider or a service in the cart, then go to the cart (spec 3 §4 "Adding goes to /seller/cart"). */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CartAddBody) => addToCart(body),
    onSuccess: async (res) => {
      toastSuccess(res.message);
      await refreshMarketplace(queryClient);
      void navigate('/seller/cart');
    },
    onError: async (err) => {
      toastError(err instanceof ApiError ? err.message : STORE_MSG.addFail);
      await refreshMarketplace(queryClient);
    },
  });
}
