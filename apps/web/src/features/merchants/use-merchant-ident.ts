/** The merchant of a /{merchantIdent}/… page, when the ident is well-formed. */
import { useParams } from 'react-router';
import { isIdent } from '../../shared/paths';

export function useMerchantIdent(): string | undefined {
  const { merchantIdent } = useParams();
  return isIdent(merchantIdent) ? merchantIdent : undefined;
}
