import { it } from 'vitest';
import { maskCpf, maskCnpj, formatCents, formatDate } from '@edu/shared/format';
import { providerSignupBody, signinBody, passwordPair } from '@edu/shared/auth';
it('probe', () => {
  console.log(JSON.stringify([maskCpf('5'), maskCpf('5299'), maskCpf('529982'), maskCpf('5299822472'), maskCpf('529.982.247-25x9'), maskCnpj('11'), maskCnpj('112'), maskCnpj('11222333'), maskCnpj('112223330001'), maskCnpj('1122233300018'), maskCnpj('11222333000181999'), formatCents(123456), formatDate('2024-03-05T01:00:00Z')]));
  console.log(JSON.stringify(signinBody.safeParse({}).error?.issues));
  console.log(JSON.stringify(signinBody.safeParse({email:'x', password:'a', foo:1}).error?.issues));
  console.log(JSON.stringify(providerSignupBody.safeParse({nameUser:'a', email:'A@B.com', typePerson:'Profissional Liberal', cpf:'123'}).error?.issues));
  console.log(JSON.stringify(providerSignupBody.safeParse({nameUser:'a', email:'A@B.com', typePerson:'Fornecedor'}).error?.issues));
  console.log(JSON.stringify(passwordPair.safeParse({password:'abcdef', password_confirmation:'abcdeg'}).error?.issues));
});
