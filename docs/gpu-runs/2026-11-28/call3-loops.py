import re,sys
f=sys.argv[1]; name=sys.argv[2]
lines=open(f).read().split("\n")
st=[i for i,l in enumerate(lines) if "Function :" in l and name in l][0]
en=next((i for i in range(st+1,len(lines)) if "Function :" in lines[i]), len(lines))
ins=[]
for l in lines[st:en]:
    m=re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);",l)
    if m: ins.append((int(m.group(1),16), m.group(2)))
addr={a:i for i,(a,_) in enumerate(ins)}
print("total instr", len(ins))
for i,(a,t) in enumerate(ins):
    m=re.search(r"BRA\s+(?:`\(\.L_x_\d+\)|0x([0-9a-f]+))",t)
    m2=re.search(r"BRA.*?0x([0-9a-f]+)",t)
    if m2:
        tgt=int(m2.group(1),16)
        if tgt<a and tgt in addr:
            body=ins[addr[tgt]:i+1]
            ops=[x[1].split()[0] if not x[1].startswith("@") else x[1].split()[1] for x in body]
            from collections import Counter
            c=Counter(o.split(".")[0] for o in ops)
            print(f"loop {tgt:x}-{a:x}: {len(body)} instr:", dict(c.most_common(12)))
