Hi ${name}!%{ for x in xs } ${x}%{ endfor }
