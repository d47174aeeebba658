import { useNavigate } from 'react-router';
import { STORE_MSG } from '@edu/shared/store';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAddToCart } from '../api';

/** Put a provider or a service in the cart, then go to the cart (spec 3 §4 "Adding goes to /seller/cart"). */
export function useAddToCartAndOpen() {
  const navigate = useNavigate();
  return useAddToCart({
    onSuccess: (res) => {
      toastSuccess(res.message);
      void navigate('/seller/cart');
    },
    onError: (err) => toastError(err instanceof ApiError ? err.message : STORE_MSG.addFail),
  });
}
